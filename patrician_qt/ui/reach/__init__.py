"""reach"""
